from darts.models.forecasting.dlinear import _DLinearModule

model = _DLinearModule(
    input_dim=3,
    output_dim=3,
    future_cov_dim=0,
    static_cov_dim=0,
    nr_params=1,
    shared_weights=False,
    kernel_size=25,
    const_init=True,
    input_chunk_length=48,
    output_chunk_length=12,
)
