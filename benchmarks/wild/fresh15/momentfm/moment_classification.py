"""MOMENT as a time-series classifier over multichannel inputs, config given as a Namespace."""

from argparse import Namespace

from momentfm.models.moment import MOMENT

cfg = Namespace(
    task_name="classification",
    seq_len=256,
    patch_len=16,
    patch_stride_len=16,
    transformer_backbone="google/flan-t5-small",
    transformer_type="encoder_only",
    t5_config=dict(
        d_model=48,
        d_ff=96,
        d_kv=12,
        num_heads=4,
        num_layers=3,
        vocab_size=16,
        feed_forward_proj="relu",
        is_encoder_decoder=False,
    ),
    d_model=None,
    n_channels=3,
    num_class=5,
    reduction="concat",
    randomly_initialize_backbone=True,
    revin_affine=True,
)
model = MOMENT(cfg)
