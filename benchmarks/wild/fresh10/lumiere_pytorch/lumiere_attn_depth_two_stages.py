from lumiere_pytorch import Lumiere
from torch import nn


class Attn(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.to_qkv = nn.Conv2d(dim, dim * 3, 1, bias=False)
        self.to_out = nn.Conv2d(dim, dim, 1)

    def forward(self, x):
        q, k, v = self.to_qkv(x).chunk(3, dim=1)
        b, c, h, w = q.shape
        a = (q.flatten(2).transpose(1, 2) @ k.flatten(2)).softmax(-1)
        return self.to_out((a @ v.flatten(2).transpose(1, 2)).transpose(1, 2).reshape(b, c, h, w))


class TwoStageUNet(nn.Module):
    def __init__(self, dims=(32, 64), channels=3):
        super().__init__()
        self.time = nn.Linear(1, dims[0])
        self.stem = nn.Conv2d(channels, dims[0], 3, padding=1)
        self.stage1 = nn.Conv2d(dims[0], dims[0], 3, padding=1)
        self.down = nn.Conv2d(dims[0], dims[1], 3, stride=2, padding=1)
        self.stage2 = nn.Conv2d(dims[1], dims[1], 3, padding=1)
        self.attn2 = Attn(dims[1])
        self.up = nn.Upsample(scale_factor=2)
        self.proj = nn.Conv2d(dims[1], channels, 3, padding=1)

    def forward(self, x, timestep):
        h = self.stem(x) + self.time(timestep[:, None])[:, :, None, None]
        h = self.down(self.stage1(h))
        h = self.attn2(self.stage2(h))
        return self.proj(self.up(h))


model = Lumiere(
    TwoStageUNet(),
    image_size=32,
    unet_time_kwarg="timestep",
    conv_module_names=["stage1", "stage2"],
    attn_module_names=["attn2"],
    downsample_module_names=["down"],
    upsample_module_names=["up"],
    attn_inflation_kwargs=dict(depth=2, heads=4, dim_head=16),
)
