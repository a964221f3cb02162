from nanocodec_torch.models.decoder import CausalHiFiGANDecoder

model = CausalHiFiGANDecoder(
    up_sample_rates=[8, 5], input_dim=4, base_channels=32, activation="half_snake"
)
