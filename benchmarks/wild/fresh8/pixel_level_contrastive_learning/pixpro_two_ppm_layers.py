"""PixPro with a two-layer pixel propagation module around a ResNet-34."""

from pixel_level_contrastive_learning import PixelCL
from torchvision.models import resnet34

model = PixelCL(
    resnet34(),
    image_size=160,
    hidden_layer_pixel="layer4",
    hidden_layer_instance=-2,
    projection_size=256,
    projection_hidden_size=1024,
    ppm_num_layers=2,
)
