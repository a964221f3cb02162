# Dozat & Manning biaffine dependency parser: word + char-LSTM features, 3-layer BiLSTM
from supar.models import BiaffineDependencyModel

model = BiaffineDependencyModel(
    n_words=20000,
    n_rels=46,
    n_chars=120,
    feat=["char"],
    n_embed=100,
    n_char_embed=50,
    n_char_hidden=100,
    n_lstm_hidden=200,
    n_lstm_layers=3,
    n_arc_mlp=300,
    n_rel_mlp=100,
)
