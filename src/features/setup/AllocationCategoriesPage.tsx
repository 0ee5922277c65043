import { NamedItemsPage } from './NamedItemsPage';
import { useCreateAllocationCategoryMutation, useDeleteAllocationCategoryMutation, useGetAllocationCategoriesQuery, useUpdateAllocationCategoryMutation } from './categoriesApi';

export default function AllocationCategoriesPage() {
  const { data, isLoading } = useGetAllocationCategoriesQuery();
  const [create] = useCreateAllocationCategoryMutation();
  const [update] = useUpdateAllocationCategoryMutation();
  const [remove] = useDeleteAllocationCategoryMutation();
  return (
    <NamedItemsPage
      heading="Allocation Categories"
      thing="Allocation Category"
      items={data}
      loading={isLoading}
      create={(name) => create({ name }).unwrap()}
      update={(id, name) => update({ id, name }).unwrap()}
      remove={(id) => remove(id).unwrap()}
    />
  );
}
