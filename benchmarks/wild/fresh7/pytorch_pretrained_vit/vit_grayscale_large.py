"""Chest X-ray classifier: ViT-L/32 layout, one input channel, 14 findings."""

from pytorch_pretrained_vit import ViT

model = ViT("L_32", pretrained=False, in_channels=1, image_size=256, num_classes=14)
