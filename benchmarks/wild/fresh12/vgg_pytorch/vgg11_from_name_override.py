"""VGG11 built by name (no weights) for a 7-class problem."""

from vgg_pytorch import VGG

model = VGG.from_name("vgg11", override_params={"num_classes": 7})
