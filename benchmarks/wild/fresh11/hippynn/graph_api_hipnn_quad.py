"""hippynn's graph API: input nodes, a HipnnQuad network node built from module_kwargs, an energy
target node and a GraphModule over them (the way hippynn's examples assemble a model)."""

from hippynn.graphs import GraphModule, inputs, networks, targets

network_params = {
    "possible_species": [0, 1, 6, 7],
    "n_features": 12,
    "n_sensitivities": 8,
    "dist_soft_min": 0.8,
    "dist_soft_max": 4.5,
    "dist_hard_max": 6.0,
    "n_interaction_layers": 2,
    "n_atom_layers": 2,
}

species = inputs.SpeciesNode(db_name="Z")
positions = inputs.PositionsNode(db_name="R")
network = networks.HipnnQuad("HIPNN", (species, positions), module_kwargs=network_params)
henergy = targets.HEnergyNode("HEnergy", network)
model = GraphModule([species, positions], [henergy.mol_energy])
