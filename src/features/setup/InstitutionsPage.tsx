import { NamedItemsPage } from './NamedItemsPage';
import { useCreateInstitutionMutation, useDeleteInstitutionMutation, useGetInstitutionsQuery, useUpdateInstitutionMutation } from './institutionsApi';

export default function InstitutionsPage() {
  const { data, isLoading } = useGetInstitutionsQuery();
  const [create] = useCreateInstitutionMutation();
  const [update] = useUpdateInstitutionMutation();
  const [remove] = useDeleteInstitutionMutation();
  return (
    <NamedItemsPage
      heading="Financial Institutions"
      thing="Institution"
      items={data}
      loading={isLoading}
      create={(name) => create({ name }).unwrap()}
      update={(id, name) => update({ id, name }).unwrap()}
      remove={(id) => remove(id).unwrap()}
    />
  );
}
