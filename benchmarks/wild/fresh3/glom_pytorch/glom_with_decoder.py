import torch.nn as nn
from einops.layers.torch import Rearrange
from glom_pytorch import Glom

dim, image_size, patch = 192, 32, 4


class GlomAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.glom = Glom(dim=dim, levels=3, image_size=image_size, patch_size=patch)
        self.to_pixels = nn.Sequential(
            nn.Linear(dim, patch * patch * 3),
            Rearrange("b (h w) (p1 p2 c) -> b c (h p1) (w p2)", p1=patch, p2=patch,
                      h=image_size // patch),
        )

    def forward(self, img):
        levels = self.glom(img, iters=6)
        return self.to_pixels(levels[:, :, -1])


model = GlomAE()
