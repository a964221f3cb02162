"""Q-networks picked from a dict registry keyed by name, built with pfrl's FC helpers."""

from pfrl import q_functions
from pfrl.nn import MLP
from torch import nn

REGISTRY = {
    "fc": lambda cfg: q_functions.FCStateQFunctionWithDiscreteAction(
        ndim_obs=cfg["obs"],
        n_actions=cfg["act"],
        n_hidden_channels=cfg["hidden"],
        n_hidden_layers=cfg["layers"],
    ),
    "mlp_head": lambda cfg: nn.Sequential(
        MLP(in_size=cfg["obs"], out_size=cfg["act"], hidden_sizes=(cfg["hidden"],) * cfg["layers"]),
        q_functions.DiscreteActionValueHead(),
    ),
}

config = {"name": "fc", "obs": 8, "act": 5, "hidden": 40, "layers": 3}
config.update(name="mlp_head", layers=2)

model = REGISTRY[config["name"]](config)
