from glom_pytorch import Glom

model = Glom(dim=256, levels=4, image_size=64, patch_size=8)
