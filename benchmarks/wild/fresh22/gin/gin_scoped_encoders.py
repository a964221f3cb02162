"""gin scopes: one configurable Encoder class built twice with different scoped bindings."""

import gin
from torch import nn


@gin.configurable
class Encoder(nn.Module):
    def __init__(self, in_ch=1, width=8, depth=1):
        super().__init__()
        convs = [nn.Conv1d(in_ch if i == 0 else width, width, 3, padding=1) for i in range(depth)]
        self.body = nn.Sequential(*convs)


gin.parse_config(
    """
    Encoder.in_ch = 2
    Encoder.width = 16
    small/Encoder.depth = 1
    big/Encoder.depth = 3
    big/Encoder.width = 24
    """
)


class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        with gin.config_scope("small"):
            self.small = Encoder()
        with gin.config_scope("big"):
            self.big = Encoder()


model = TwoTower()
