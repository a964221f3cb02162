"""MOMENT built for forecasting from a small T5 config (no hub download): encoder frozen, the
embedder trainable, a linear forecasting head."""

from momentfm.models.moment import MOMENT

t5 = dict(
    d_model=64,
    d_ff=128,
    d_kv=16,
    num_heads=4,
    num_layers=2,
    vocab_size=32,
    feed_forward_proj="gated-gelu",
    is_encoder_decoder=False,
    dropout_rate=0.1,
)
cfg = dict(
    task_name="forecasting",
    seq_len=512,
    patch_len=8,
    patch_stride_len=8,
    transformer_backbone="google/flan-t5-small",
    transformer_type="encoder_only",
    t5_config=t5,
    d_model=None,
    randomly_initialize_backbone=True,
    forecast_horizon=96,
    freeze_embedder=False,
    freeze_encoder=True,
    freeze_head=False,
)
model = MOMENT(cfg, model_kwargs={})
