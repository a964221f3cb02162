"""Tabular baselines registered by name with their default configs, one picked for the run."""

from mambular.base_models.mlp import MLP
from mambular.base_models.resnet import ResNet
from mambular.configs import DefaultMLPConfig, DefaultResNetConfig

REGISTRY = {"mlp": (MLP, DefaultMLPConfig), "resnet": (ResNet, DefaultResNetConfig)}

features = (
    {
        "age": {"preprocessing": "standardization", "dimension": 1, "categories": None},
        "income": {"preprocessing": "standardization", "dimension": 1, "categories": None},
        "score": {"preprocessing": "standardization", "dimension": 1, "categories": None},
    },
    {"segment": {"preprocessing": "int", "dimension": 1, "categories": 4}},
    {},
)


def make(name, num_classes=1, **cfg):
    cls, cfg_cls = REGISTRY[name]
    return cls(feature_information=features, num_classes=num_classes, config=cfg_cls(**cfg))


model = make("resnet", num_classes=2, layer_sizes=[64, 32], num_blocks=2)
