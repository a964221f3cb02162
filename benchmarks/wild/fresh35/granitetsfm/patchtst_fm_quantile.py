from tsfm_public.models.patchtst_fm import PatchTSTFMConfig
from tsfm_public.models.patchtst_fm.modeling_patchtst_fm import PatchTSTFMForPrediction

config = PatchTSTFMConfig(
    context_length=512,
    prediction_length=64,
    d_patch=16,
    d_model=96,
    n_head=4,
    n_layer=3,
    num_quantile=9,
)
model = PatchTSTFMForPrediction(config)
