"""DeepONet with PINA: branch and trunk FeedForward nets, learnable scale and translation."""

from pina.model import DeepONet, FeedForward

branch = FeedForward(input_dimensions=10, output_dimensions=20, inner_size=40, n_layers=2)
trunk = FeedForward(input_dimensions=1, output_dimensions=20, inner_size=40, n_layers=3)
model = DeepONet(
    branch_net=branch,
    trunk_net=trunk,
    input_indeces_branch_net=list(range(10)),
    input_indeces_trunk_net=[10],
    reduction="+",
    aggregator="*",
)
