from darts.models.forecasting.dlinear import _DLinearModule

model = _DLinearModule(
    input_dim=4,
    output_dim=2,
    future_cov_dim=2,
    static_cov_dim=3,
    nr_params=1,
    shared_weights=True,
    kernel_size=13,
    const_init=False,
    input_chunk_length=24,
    output_chunk_length=8,
)
