from speculative_decoding import Decoder
from torch import nn

VOCAB = 256

target = Decoder(num_tokens=VOCAB, dim=128, depth=4, heads=4, dim_head=32)
draft = Decoder(num_tokens=VOCAB, dim=64, depth=1, heads=2, dim_head=32, ff_mult=2)


class Pair(nn.Module):
    def __init__(self, small, large):
        super().__init__()
        self.small = small
        self.large = large


model = Pair(draft, target)
