"""torch-resnet's PreActResNet20 preset on 1-channel small images."""

from torch_resnet import PreActResNet20

model = PreActResNet20(in_planes=1, small_images=True)
