# PETS dynamics model: a probabilistic ensemble of 5 members (the example config, smaller)
from mbrl.models import GaussianMLP

obs_dim, act_dim = 17, 6

model = GaussianMLP(
    in_size=obs_dim + act_dim,
    out_size=obs_dim + 1,  # next-state delta and the reward
    device="cpu",
    num_layers=4,
    ensemble_size=5,
    hid_size=200,
    deterministic=False,
    propagation_method="random_model",
    learn_logvar_bounds=False,
    activation_fn_cfg={"_target_": "torch.nn.SiLU"},
)
