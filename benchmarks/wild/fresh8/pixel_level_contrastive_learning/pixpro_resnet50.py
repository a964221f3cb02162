"""PixPro pixel-level contrastive learning around a torchvision ResNet-50 (random init)."""

from pixel_level_contrastive_learning import PixelCL
from torchvision import models

resnet = models.resnet50(weights=None)

model = PixelCL(
    resnet,
    image_size=224,
    hidden_layer_pixel="layer4",
    hidden_layer_instance=-2,
    projection_size=256,
    projection_hidden_size=2048,
    moving_average_decay=0.99,
    ppm_num_layers=1,
    ppm_gamma=2,
    distance_thres=0.7,
    similarity_temperature=0.3,
    alpha=1.0,
    use_pixpro=True,
)
