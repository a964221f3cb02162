# a conv autoencoder whose decoder convs re-use the encoder's weights (one Parameter, two uses)
import torch.nn as nn
import torch.nn.functional as F


class TiedConvAE(nn.Module):
    def __init__(self, chans=(1, 16, 32)):
        super().__init__()
        self.enc = nn.ModuleList(
            nn.Conv2d(a, b, 3, stride=2, padding=1) for a, b in zip(chans, chans[1:])
        )
        self.dec_bias = nn.ParameterList(
            nn.Parameter(conv.weight.new_zeros(conv.in_channels)) for conv in self.enc
        )

    def forward(self, x):
        for conv in self.enc:
            x = F.relu(conv(x))
        for conv, b in zip(reversed(self.enc), reversed(self.dec_bias)):
            x = F.conv_transpose2d(x, conv.weight, b, stride=2, padding=1, output_padding=1)
        return x


model = TiedConvAE(chans=(1, 16, 32, 64))
