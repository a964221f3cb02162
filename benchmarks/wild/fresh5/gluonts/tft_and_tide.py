import torch.nn as nn
from gluonts.torch.distributions import QuantileOutput
from gluonts.torch.model.tft import TemporalFusionTransformerModel
from gluonts.torch.model.tide import TiDEModel

quantiles = [0.1, 0.5, 0.9]
tft = TemporalFusionTransformerModel(
    context_length=24,
    prediction_length=6,
    d_feat_static_real=[1],
    c_feat_static_cat=[10],
    d_feat_dynamic_real=[1, 1],
    d_past_feat_dynamic_real=[1],
    num_heads=2,
    d_hidden=16,
    d_var=8,
    distr_output=QuantileOutput(quantiles),
)
tide = TiDEModel(
    context_length=24,
    prediction_length=6,
    num_feat_dynamic_real=2,
    num_feat_dynamic_proj=2,
    num_feat_static_real=1,
    num_feat_static_cat=1,
    cardinality=[10],
    embedding_dimension=[3],
    feat_proj_hidden_dim=8,
    encoder_hidden_dim=16,
    decoder_hidden_dim=16,
    temporal_hidden_dim=8,
    distr_hidden_dim=4,
    decoder_output_dim=4,
    dropout_rate=0.1,
    num_layers_encoder=1,
    num_layers_decoder=1,
    layer_norm=True,
    distr_output=QuantileOutput(quantiles),
    scaling="mean",
)
# two forecasters ensembled by the user's training loop
model = nn.ModuleList([tft, tide])
