from einops import rearrange
from torch import nn
from a_unet import Attention, ConvNextV2Block, ResnetBlock


class AudioBlock(nn.Module):
    def __init__(self, in_channels=16, channels=32, heads=2, head_features=16):
        super().__init__()
        self.resnet = ResnetBlock(dim=1, in_channels=in_channels, out_channels=channels)
        self.convnext = ConvNextV2Block(dim=1, channels=channels)
        self.attn = Attention(features=channels, head_features=head_features, num_heads=heads)

    def forward(self, x):
        x = self.convnext(self.resnet(x))
        h = rearrange(x, "b c t -> b t c")
        return x + rearrange(self.attn(h), "b t c -> b c t")


model = AudioBlock()
