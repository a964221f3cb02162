from cenn_forecasting.model import CeNNModel1D

model = CeNNModel1D(
    n_features=4,
    seq_length=32,
    pred_length=8,
    hidden_dim=20,
    N=2,
    K=3,
    dropout=0.2,
    num_layers=2,
    trunk_type="mlp",
    output_multiplier=2,
)
