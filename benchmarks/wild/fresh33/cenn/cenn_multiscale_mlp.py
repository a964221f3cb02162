from cenn_forecasting.model import CeNNModel1D

model = CeNNModel1D(
    n_features=3,
    seq_length=48,
    pred_length=12,
    hidden_dim=16,
    N=2,
    K=3,
    dropout=0.1,
    num_layers=2,
    multiscale_mode="parallel_ensemble",
    dilations=[1, 2, 4],
    var_mix=True,
    block_norm="affine",
)
