"""torchaudio: the SQUIM objective speech-quality model, small (fresh batch, benchmarks/wild/fresh)."""

from torchaudio.models import squim_objective_model

model = squim_objective_model(
    feat_dim=64, win_len=32, d_model=64, nhead=4, hidden_dim=128, num_blocks=2, rnn_type="LSTM", chunk_size=16
)
