from tsfm_public.models.flowstate import FlowStateConfig
from tsfm_public.models.flowstate.modeling_flowstate import FlowStateForPrediction

config = FlowStateConfig(
    context_length=512,
    embedding_feature_dim=64,
    encoder_num_layers=2,
    encoder_state_dim=64,
    encoder_num_hippo_blocks=4,
    decoder_patch_len=24,
    decoder_dim=32,
)
model = FlowStateForPrediction(config)
