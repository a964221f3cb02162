# CRF constituency parser with POS-tag embeddings as the extra feature
from supar.models import CRFConstituencyModel

model = CRFConstituencyModel(
    n_words=15000,
    n_labels=30,
    n_tags=48,
    feat=["tag"],
    n_embed=100,
    n_feat_embed=50,
    n_lstm_hidden=256,
    n_lstm_layers=2,
    n_span_mlp=300,
    n_label_mlp=100,
)
