# COUTA's dilated-conv net without the pretext head
from deepod.models.time_series.couta import COUTANet

model = COUTANet(
    input_dim=6,
    hidden_dims=[32, 32, 16],
    rep_hidden=32,
    pretext_hidden=16,
    n_output=8,
    kernel_size=3,
    dup=True,
    pretext=False,
)
