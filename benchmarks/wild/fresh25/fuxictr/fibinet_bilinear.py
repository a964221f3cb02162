"""FiBiNET pieces: squeeze-excitation over 5 fields and two bilinear interaction types."""

import torch.nn as nn
from fuxictr.pytorch.layers import BilinearInteraction, SqueezeExcitation


class FiBiNETCore(nn.Module):
    def __init__(self, num_fields, embedding_dim):
        super().__init__()
        self.senet = SqueezeExcitation(num_fields, reduction_ratio=2)
        self.bilinear_all = BilinearInteraction(
            num_fields, embedding_dim, bilinear_type="field_all"
        )
        self.bilinear_each = BilinearInteraction(
            num_fields, embedding_dim, bilinear_type="field_each"
        )
        self.bilinear_pair = BilinearInteraction(
            num_fields, embedding_dim, bilinear_type="field_interaction"
        )


model = FiBiNETCore(num_fields=5, embedding_dim=8)
