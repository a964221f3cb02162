"""An audio codec comparing channel-wise and block-wise quantizers side by side."""

from quantizer_pytorch import QuantizerBlock1d, QuantizerChannelwise1d
from torch import nn

settings = dict(channels=16, split_size=8, num_groups=2, codebook_size=16)


class Codec(nn.Module):
    def __init__(self):
        super().__init__()
        self.analysis = nn.Conv1d(1, settings["channels"], 9, stride=4, padding=4)
        self.channelwise = QuantizerChannelwise1d(**settings, num_residuals=1)
        self.blockwise = QuantizerBlock1d(**settings, num_residuals=3, shared_codebook=False)
        self.synthesis = nn.ConvTranspose1d(2 * settings["channels"], 1, 8, stride=4, padding=2)


model = Codec()
