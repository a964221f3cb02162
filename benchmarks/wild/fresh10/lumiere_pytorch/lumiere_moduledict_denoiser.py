from lumiere_pytorch import Lumiere
from torch import nn


class Denoiser(nn.Module):
    def __init__(self, dim=48, channels=1):
        super().__init__()
        self.embed_t = nn.Embedding(1000, dim)
        self.blocks = nn.ModuleDict(
            {
                "enc": nn.Conv2d(channels, dim, 3, padding=1),
                "down": nn.Conv2d(dim, dim, 3, stride=2, padding=1),
                "up": nn.ConvTranspose2d(dim, dim, 4, 2, 1),
                "body": nn.Sequential(
                    nn.Conv2d(dim, dim, 3, padding=1), nn.SiLU(), nn.Conv2d(dim, dim, 3, padding=1)
                ),
                "dec": nn.Conv2d(dim, channels, 3, padding=1),
            }
        )

    def forward(self, x, t):
        h = self.blocks["enc"](x) + self.embed_t(t.long())[:, :, None, None]
        h = self.blocks["up"](self.blocks["body"](self.blocks["down"](h)))
        return self.blocks["dec"](h)


# grayscale video: wider temporal kernels for the inflated convolutions
model = Lumiere(
    Denoiser(),
    image_size=16,
    channels=1,
    unet_time_kwarg="t",
    conv_module_names=["blocks.enc", "blocks.body.0", "blocks.body.2"],
    attn_module_names=["blocks.body.1"],
    downsample_module_names=["blocks.down"],
    upsample_module_names=["blocks.up"],
    conv_inflation_kwargs=dict(conv2d_kernel_size=5, conv1d_kernel_size=5),
)
