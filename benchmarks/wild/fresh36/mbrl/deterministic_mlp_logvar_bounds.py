# a single deterministic member (MSE training, no logvar output); learn_logvar_bounds is passed too
from mbrl.models import GaussianMLP

model = GaussianMLP(
    in_size=8,
    out_size=6,
    device="cpu",
    num_layers=3,
    ensemble_size=1,
    hid_size=64,
    deterministic=True,
    learn_logvar_bounds=True,
    activation_fn_cfg={"_target_": "torch.nn.LeakyReLU", "negative_slope": 0.05},
)
