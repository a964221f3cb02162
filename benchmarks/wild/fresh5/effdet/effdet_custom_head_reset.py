from effdet import EfficientDet, get_efficientdet_config

config = get_efficientdet_config("tf_efficientdet_d0")
config.image_size = (384, 384)
model = EfficientDet(config, pretrained_backbone=False)
# a new class head for 5 classes, as the fine-tuning tutorials do
model.reset_head(num_classes=5)
