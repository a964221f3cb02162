from byol_pytorch import BYOL
from torchvision import models

resnet = models.resnet18(weights=None)
model = BYOL(
    resnet, image_size=64, hidden_layer="avgpool", projection_size=128, projection_hidden_size=512
)
