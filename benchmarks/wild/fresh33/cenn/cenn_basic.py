from cenn_forecasting.model import CeNNModel1D

model = CeNNModel1D(
    n_features=7, seq_length=96, pred_length=24, hidden_dim=32, N=4, K=5, dropout=0.1, num_layers=2
)
