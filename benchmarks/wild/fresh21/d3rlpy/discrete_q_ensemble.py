"""An ensemble of quantile-regression Q-functions built by d3rlpy's builders (what QR-DQN makes inside)."""

from d3rlpy.models import QRQFunctionFactory, VectorEncoderFactory
from d3rlpy.models.builders import create_discrete_q_function

encoder = VectorEncoderFactory(hidden_units=[64, 64], use_batch_norm=True)
q_funcs, forwarder = create_discrete_q_function(
    observation_shape=(8,),
    action_size=4,
    encoder_factory=encoder,
    q_func_factory=QRQFunctionFactory(n_quantiles=16),
    device="cpu:0",
    enable_ddp=False,
    n_ensembles=3,
)
model = q_funcs
