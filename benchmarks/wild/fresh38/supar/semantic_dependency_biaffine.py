# biaffine semantic dependency parser (graph output), lemma and char features
from supar.models import BiaffineSemanticDependencyModel

model = BiaffineSemanticDependencyModel(
    n_words=18000,
    n_labels=52,
    n_chars=100,
    n_lemmas=9000,
    feat=["char", "lemma"],
    n_embed=100,
    n_feat_embed=100,
    n_lstm_hidden=300,
    n_lstm_layers=2,
    n_edge_mlp=400,
    n_label_mlp=120,
)
