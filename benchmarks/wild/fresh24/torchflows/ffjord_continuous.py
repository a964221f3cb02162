"""A continuous normalizing flow (FFJORD) for 2-D toy densities."""

from torchflows.bijections.continuous.ffjord import FFJORD
from torchflows.flows import ContinuousFlow

model = ContinuousFlow(FFJORD(event_shape=(2,)))
