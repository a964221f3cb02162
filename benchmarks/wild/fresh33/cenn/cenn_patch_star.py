from cenn_forecasting.model import CeNNModel1D

model = CeNNModel1D(
    n_features=5,
    seq_length=64,
    pred_length=16,
    hidden_dim=24,
    N=3,
    K=3,
    dropout=0.0,
    num_layers=3,
    adaptive_tau=True,
    cross_var="star",
    pointwise_mix=True,
    patch_len=8,
    stride=8,
    head_type="mlp",
    linear_skip=True,
    revin=True,
)
