# the mbrl-lib way: an omegaconf config instantiated by create_one_dim_tr_model
import mbrl.util.common as common_util
import omegaconf

cfg = omegaconf.OmegaConf.create(
    {
        "dynamics_model": {
            "_target_": "mbrl.models.GaussianMLP",
            "device": "cpu",
            "num_layers": 3,
            "ensemble_size": 4,
            "hid_size": 128,
            "in_size": "???",
            "out_size": "???",
            "deterministic": False,
            "propagation_method": "fixed_model",
            "learn_logvar_bounds": False,
        },
        "algorithm": {"learned_rewards": True, "target_is_delta": True, "normalize": True},
        "overrides": {},
    }
)
obs_shape, act_shape = (11,), (3,)
model = common_util.create_one_dim_tr_model(cfg, obs_shape, act_shape)
