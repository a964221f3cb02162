"""PixContrast (use_pixpro=False) around a ResNet-18, smaller projections."""

from pixel_level_contrastive_learning import PixelCL
from torchvision.models import resnet18

model = PixelCL(
    resnet18(num_classes=10),
    image_size=128,
    hidden_layer_pixel="layer4",
    hidden_layer_instance=-2,
    projection_size=128,
    projection_hidden_size=512,
    use_pixpro=False,
)
