"""torch-resnet's ResNet18 preset, twice as wide, with identity shortcuts."""

from torch_resnet import IdentityShortcut, ResNet18

model = ResNet18(width=2, shortcut=IdentityShortcut, in_planes=3)
