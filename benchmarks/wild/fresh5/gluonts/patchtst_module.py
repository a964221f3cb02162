"""PatchTST's network (gluonts.torch) with a Student-t head, its sizes from a sweep table."""

from gluonts.torch.model.patch_tst import PatchTSTModel

SWEEP = {
    "small": dict(d_model=32, nhead=4, dim_feedforward=64, num_encoder_layers=2),
    "base": dict(d_model=128, nhead=8, dim_feedforward=256, num_encoder_layers=3),
}

model = PatchTSTModel(
    prediction_length=12,
    context_length=96,
    patch_len=16,
    stride=8,
    padding_patch="end",
    num_feat_dynamic_real=0,
    dropout=0.1,
    activation="relu",
    norm_first=False,
    scaling="mean",
    **SWEEP["small"],
)
