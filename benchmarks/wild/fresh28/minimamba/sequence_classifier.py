"""minimamba's sequence classifier: 3 layers, mean pooling, 5 labels, an explicit dt rank."""

from minimamba import MambaClassificationConfig, MambaForSequenceClassification

cfg = MambaClassificationConfig(
    d_model=48, n_layer=3, d_state=16, expand=2, dt_rank=6, num_labels=5, pooling_strategy="mean"
)
model = MambaForSequenceClassification(cfg)
