import { Link } from 'react-router';
import { buttonClasses } from '../../components/forms';
import { PageContainer, PageHeader } from '../../components/layouts';

export default function AnalysisResultsScreen() {
  return (
    <PageContainer>
      <PageHeader
        title="Analysis Results"
        actions={
          <>
            <Link to="/map-analysis" className={buttonClasses('primary')}>
              New Analysis
            </Link>
            <Link to="/aerial-risk/history" className={buttonClasses('secondary')}>
              View History
            </Link>
          </>
        }
      />
    </PageContainer>
  );
}
