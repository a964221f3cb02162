"""A conditional masked autoregressive flow: 5-dim posterior given 3 summary statistics (simulation-based inference)."""

from torchflows.bijections.finite.autoregressive.architectures import MAF
from torchflows.flows import Flow

N_PARAMS, N_SUMMARY = 5, 3
model = Flow(MAF(event_shape=(N_PARAMS,), context_shape=(N_SUMMARY,), n_layers=2))
