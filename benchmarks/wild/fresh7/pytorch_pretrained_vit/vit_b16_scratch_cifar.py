# ViT-B/16 from the library's named config, trained from scratch on 64x64 crops
from pytorch_pretrained_vit import ViT

model = ViT("B_16", pretrained=False, image_size=64, num_classes=100)
