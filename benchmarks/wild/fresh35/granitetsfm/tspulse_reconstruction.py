from tsfm_public.models.tspulse import TSPulseConfig
from tsfm_public.models.tspulse.modeling_tspulse import TSPulseForReconstruction

config = TSPulseConfig(
    context_length=256,
    patch_length=16,
    patch_stride=16,
    num_input_channels=2,
    d_model=48,
    num_layers=3,
    decoder_num_layers=2,
    decoder_d_model=48,
)
model = TSPulseForReconstruction(config)
