"""Pick a backbone by name from a config, the way a training script does."""

from pytorchcv.model_provider import get_model

CONFIG = {
    "arch": "squeezenet_v1_1",
    "num_classes": 5,
    "in_channels": 3,
}

model = get_model(
    CONFIG["arch"], num_classes=CONFIG["num_classes"], in_channels=CONFIG["in_channels"]
)
