"""EfficientDet from its config object, shrunk: fewer BiFPN layers and channels, a small timm
backbone, then the training bench around it."""

from effdet import DetBenchTrain, EfficientDet, get_efficientdet_config

config = get_efficientdet_config("efficientdet_d0")
config.update(
    {
        "num_classes": 3,
        "image_size": (256, 256),
        "backbone_name": "efficientnet_b0",
        "fpn_channels": 32,
        "fpn_cell_repeats": 2,
        "box_class_repeats": 2,
    }
)
net = EfficientDet(config, pretrained_backbone=False)
model = DetBenchTrain(net, create_labeler=False)
