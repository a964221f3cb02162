from nanocodec_torch.models.decoder import CausalHiFiGANDecoder
from nanocodec_torch.models.encoder import HiFiGANEncoder
from torch import nn

model = nn.ModuleList(
    [
        HiFiGANEncoder(
            down_sample_rates=[3, 3, 4],
            encoded_dim=6,
            base_channels=8,
            activation="lrelu",
            pad_mode="replicate",
        ),
        CausalHiFiGANDecoder(
            up_sample_rates=[4, 3, 3],
            input_dim=6,
            base_channels=48,
            activation="lrelu",
            n_groups_equal_to_out_channels=False,
        ),
    ]
)
