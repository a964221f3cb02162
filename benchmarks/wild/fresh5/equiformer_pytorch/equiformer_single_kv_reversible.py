from equiformer_pytorch import Equiformer

hp = dict(dim=24, dim_in=8, num_degrees=2, input_degrees=1, depth=2, heads=4, dim_head=8)
model = Equiformer(**hp, single_headed_kv=True, reversible=True, radial_hidden_dim=16, num_neighbors=4)
