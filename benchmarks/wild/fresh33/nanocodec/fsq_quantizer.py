from nanocodec_torch.models.decoder import CausalConv1d
from nanocodec_torch.models.quantizer_fixed import GroupFiniteScalarQuantizer
from torch import nn

model = nn.Sequential(
    CausalConv1d(in_channels=4, out_channels=16, kernel_size=3),
    GroupFiniteScalarQuantizer(num_groups=4, num_levels_per_group=[7, 5, 5]),
)
